import type { FastifyPluginAsync } from 'fastify';

/** The restaurants calls of SPEC 7. */
export const restaurantsRoutes: FastifyPluginAsync = async () => {};
