import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-XTLBXQLA.js";import"./chunk-JZTNIOVD.js";import"./chunk-5JESRA22.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-K5CAATLS.js.map
