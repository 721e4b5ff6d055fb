import type { FastifyPluginAsync } from 'fastify';

/** The auth calls of SPEC 7. */
export const authRoutes: FastifyPluginAsync = async () => {};
