import type { FastifyPluginAsync } from 'fastify';

/** The menu calls of SPEC 7. */
export const menuRoutes: FastifyPluginAsync = async () => {};
