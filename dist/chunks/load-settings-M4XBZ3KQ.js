import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-BGZXWLI7.js";import"./chunk-JZTNIOVD.js";import"./chunk-5BQM52YW.js";import"./chunk-XUVCC5YU.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-M4XBZ3KQ.js.map
