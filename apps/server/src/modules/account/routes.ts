import type { FastifyPluginAsync } from 'fastify';

/** The account calls of SPEC 7. */
export const accountRoutes: FastifyPluginAsync = async () => {};
