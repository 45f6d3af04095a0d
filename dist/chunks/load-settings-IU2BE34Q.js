import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-4O3323ZE.js";import"./chunk-JZTNIOVD.js";import"./chunk-3OTWJB2O.js";import"./chunk-7N2HJASY.js";import"./chunk-ZMAPT3XZ.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-IU2BE34Q.js.map
