import { FastifyListenOptions, FastifyLogFn } from '../../fastify'
