import { Response } from '..';
export declare const isResponseOk: (response: Response) => boolean;
