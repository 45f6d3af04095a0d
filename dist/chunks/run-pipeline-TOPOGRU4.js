import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{p as a}from"./chunk-JIATXTFK.js";import"./chunk-F63RZIKD.js";import"./chunk-CMGNZTJR.js";import"./chunk-BFUHVTMS.js";import"./chunk-3BA6JZWM.js";import"./chunk-XJK34AG6.js";import"./chunk-TM6YCCPC.js";import"./chunk-JZTNIOVD.js";import"./chunk-AYSMZZT2.js";import"./chunk-CUXKA47D.js";import"./chunk-PFJPYZHA.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as runPipeline};
//# sourceMappingURL=run-pipeline-TOPOGRU4.js.map
