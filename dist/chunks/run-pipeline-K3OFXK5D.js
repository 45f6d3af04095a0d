import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{p as a}from"./chunk-Q4VJCP4S.js";import"./chunk-HEOAZSSW.js";import"./chunk-XOLOJ56K.js";import"./chunk-BFUHVTMS.js";import"./chunk-3BA6JZWM.js";import"./chunk-XJK34AG6.js";import"./chunk-NRAQ7K2U.js";import"./chunk-3ZXDGST2.js";import"./chunk-7MYYLGSY.js";import"./chunk-CUXKA47D.js";import"./chunk-A5V5ZPXQ.js";import"./chunk-ILSOAQVU.js";import"./chunk-ZWPP4WY6.js";export{a as runPipeline};
//# sourceMappingURL=run-pipeline-K3OFXK5D.js.map
