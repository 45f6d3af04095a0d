import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-INNKL4WJ.js";import"./chunk-JZTNIOVD.js";import"./chunk-WPZ2O6VA.js";import"./chunk-47A56WRY.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-5HQLU7EP.js.map
