import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-J2XU7P3F.js";import"./chunk-JZTNIOVD.js";import"./chunk-GXHZKWIE.js";import"./chunk-XUVCC5YU.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-LM4NOA5G.js.map
