import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{f as a,g as b,i as c,j as d,k as e,l as f}from"./chunk-ZCE2KLRP.js";import"./chunk-CQYYXSKM.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as MAX_RATE_LIMIT_WAIT_S,b as REQUEST_TIMEOUT_MS,d as createGitHubClients,c as createOctokit,e as readClient,f as refuseWritesOn};
//# sourceMappingURL=create-octokit-MJHY3YKO.js.map
