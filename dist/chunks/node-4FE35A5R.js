import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d,e,f,g}from"./chunk-4E6RBOWF.js";import"./chunk-ZWPP4WY6.js";export{a as child_process,b as crypto,c as fs,d as os,e as path,f as stream,g as util};
//# sourceMappingURL=node-4FE35A5R.js.map
