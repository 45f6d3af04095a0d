import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c}from"./chunk-WCYLH44H.js";import"./chunk-JZTNIOVD.js";import"./chunk-A765U7AW.js";import"./chunk-GC4KKHN5.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{b as loadSettings,a as settleSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-WYMMB2DI.js.map
