import { setupServer } from 'msw/node';

/** The HTTP backend of the component tests; each test adds the handlers it needs. */
export const server = setupServer();

export const API = 'http://api.test';
