import { createDataSource } from './data-source';

describe(createDataSource.name, () => {
  it("keeps TypeORM's own logging off: it would print statements with their parameters", () => {
    const sut = createDataSource({ url: 'postgres://nobody@127.0.0.1:1/none', entities: [] });
    expect(sut.options.logging).toBe(false);
    expect(sut.options.maxQueryExecutionTime).toBeUndefined();
    expect(sut.options.logger).toBeUndefined();
  });
});
