import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
var t="x-pr-debate-call";function e(n){return`

# Reply format
Reply with one JSON object and nothing else (no prose before or after it), matching this JSON schema:

${JSON.stringify(n)}
`}export{t as a,e as b};
//# sourceMappingURL=chunk-6I4SFYVZ.js.map
