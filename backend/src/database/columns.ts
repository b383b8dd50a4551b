// Column helpers shared by every entity, so ids and timestamps look the same everywhere.
import { CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn, Column, type ColumnOptions } from 'typeorm';

/** bigint identity; node-postgres returns it as a string, which is the id format of the API. */
export const IdColumn = () => PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' });

export const CreatedAt = () => CreateDateColumn({ type: 'timestamptz' });
export const UpdatedAt = () => UpdateDateColumn({ type: 'timestamptz' });

export const RefColumn = (options: ColumnOptions = {}) => Column({ type: 'bigint', ...options });

export const Timestamp = (options: ColumnOptions = {}) => Column({ type: 'timestamptz', ...options });
