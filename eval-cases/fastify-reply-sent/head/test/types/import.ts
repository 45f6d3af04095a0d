/* eslint-disable @typescript-eslint/no-unused-vars */
import { FastifyListenOptions, FastifyLogFn } from '../../fastify'
