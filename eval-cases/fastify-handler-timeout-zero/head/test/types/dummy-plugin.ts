import { FastifyPluginAsync } from '../../fastify'

export interface DummyPluginOptions {
  foo?: number
}

declare const DummyPlugin: FastifyPluginAsync<DummyPluginOptions>

export default DummyPlugin
