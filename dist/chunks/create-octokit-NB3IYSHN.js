import { createRequire as __prDebateCreateRequire } from 'node:module'; const require = __prDebateCreateRequire(import.meta.url);
import{e as a,f as b,k as c,l as d,m as e}from"./chunk-MQVGHHC7.js";import"./chunk-PUJOVTWN.js";import"./chunk-DGXEUPKN.js";import"./chunk-TPI73ZTB.js";import"./chunk-ZWPP4WY6.js";export{a as MAX_RATE_LIMIT_WAIT_S,b as REQUEST_TIMEOUT_MS,d as createGitHubClients,c as createOctokit,e as readClient};
//# sourceMappingURL=create-octokit-NB3IYSHN.js.map
