import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-MZ4FNDHQ.js";import"./chunk-3ZXDGST2.js";import"./chunk-7MYYLGSY.js";import"./chunk-CUXKA47D.js";import"./chunk-A5V5ZPXQ.js";import"./chunk-ILSOAQVU.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-W6HQHYA4.js.map
