export declare const REQUIRED: string;
export declare function supported(version: string): boolean;
export declare function requireSupportedNode(): void;
