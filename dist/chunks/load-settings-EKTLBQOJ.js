import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{a,b,c,d}from"./chunk-T4MQ6VIW.js";import"./chunk-E3JAIRPD.js";import"./chunk-3DSA2B7I.js";import"./chunk-TPI73ZTB.js";import"./chunk-BGHJFKRZ.js";import"./chunk-SV4YZD2F.js";import"./chunk-QOHSL6L2.js";import"./chunk-7N2HJASY.js";import"./chunk-ZMAPT3XZ.js";import"./chunk-PFJPYZHA.js";import"./chunk-ZWPP4WY6.js";export{a as layerSettings,b as loadSettings,d as parseSettings,c as withOutOfScope};
//# sourceMappingURL=load-settings-EKTLBQOJ.js.map
