import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{b as a,c as b}from"./chunk-36XKAVIM.js";import"./chunk-HUUPJPDE.js";import"./chunk-O5KYNSZB.js";import"./chunk-YEN4YRGA.js";import"./chunk-XUVCC5YU.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{b as jobCancellation,a as startModels};
//# sourceMappingURL=start-models-YIUDPNHQ.js.map
