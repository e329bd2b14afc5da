import type { BlockindexQueryOptionsFactory } from '@blockindex/query';
import { createContext, useContext } from 'react';

const QueriesContext = createContext<BlockindexQueryOptionsFactory | null>(null);

/** Makes the query options of one client available to every component below. */
export const QueriesProvider = QueriesContext.Provider;

/** The query options factory given to {@link QueriesProvider}. */
export function useQueries(): BlockindexQueryOptionsFactory {
  const queries = useContext(QueriesContext);
  if (!queries) throw new Error('useQueries() needs a <QueriesProvider> above it');
  return queries;
}
