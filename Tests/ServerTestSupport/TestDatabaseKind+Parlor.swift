import ParlorDatabase
import ParlorServer
import ParlorTestSupport

extension TestDatabaseKind {
    /// A fresh database of this kind for the duration of `body`, with every capability's tables when `migrated`.
    public func withDatabase<Result: Sendable>(migrated: Bool, _ body: (Database) async throws -> Result) async throws -> Result {
        try await withDatabase(migrations: migrated ? ParlorMigrations.all : [], body)
    }
}
