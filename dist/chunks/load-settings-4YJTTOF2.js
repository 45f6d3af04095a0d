import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-UR4QASFW.js";import"./chunk-JZTNIOVD.js";import"./chunk-A6A3XXOI.js";import"./chunk-QZG7ZSP2.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-4YJTTOF2.js.map
