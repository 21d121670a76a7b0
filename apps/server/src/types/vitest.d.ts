// Values vitest.config.ts provides to the server's test projects (read with inject()); module augmentation,
// so an interface.
declare module 'vitest' {
  export interface ProvidedContext {
    /** TEST_REDIS_URL, for the server-redis project. */
    redisUrl: string;
    /** TEST_DATABASE_URL, for the server-redis project's test of two instances on PostgreSQL. */
    postgresUrl: string;
  }
}

export {};
