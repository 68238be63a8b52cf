// jsdom (the client tests' DOM) ships without types; only what the server tests use to read a page.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
