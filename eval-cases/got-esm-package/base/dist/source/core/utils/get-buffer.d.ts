/// <reference types="node" />
import { Readable } from 'stream';
declare const getBuffer: (stream: Readable) => Promise<Buffer>;
export default getBuffer;
