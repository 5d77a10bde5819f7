import ParlorDatabase
import SQLKit

extension TopDogMigrations {
    /// When the payment provider was last asked about a deposit or withdrawal, and when it answered.
    /// A retry of a pending transaction asks the provider again only if its last ask got no answer
    /// (it timed out, or the node stopped) and has had the whole timeout to get one: a provider
    /// that already said "pending" will say the rest through its webhook, never by being asked twice.
    package static let providerAsks = Migration(18, "record when the payment provider was asked about a transaction and answered") { sql, _ in
        try await sql.alter(table: "ledger_transactions").column("provider_asked_at", type: .bigint).run()
        try await sql.alter(table: "ledger_transactions").column("provider_answered_at", type: .bigint).run()
    }
}
