import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
var E="x-pr-debate-call";export{E as a};
//# sourceMappingURL=chunk-7LETZFTH.js.map
