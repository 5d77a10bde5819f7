import ParlorDatabase
import ParlorServer
import ServerTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorTestSupport
@testable import ParlorTopDog
import SQLKit
import Testing
import TestSupport

/// The whole life of a deposit and a withdrawal over HTTP, on each database: every way the payment
/// provider can answer, a retry of each (the first answer, the provider not asked again), a provider
/// that never answers, the admin route that records its webhook, and the books after each step.
@Suite("TopDog wallet: deposits and withdrawals from request to settlement", .timeLimit(.minutes(3)))
struct WalletLifecycleTests {
    typealias Guest = OnlinePlayServer.Guest

    @Test("a withdrawal the provider settles at once: paid out once, a retry answers the same", arguments: TestDatabaseKind.available)
    func settledAtOnce(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments()
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            let first = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(first.status == 201)
            #expect(first.json["status"] as? String == "settled" && first.json["amount_cents"] as? Int == -100)
            let again = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(again.status == 201 && again.json["id"] as? String == first.json["id"] as? String)
            #expect(again.json["status"] as? String == "settled")
            #expect(try await server.balance(of: guest) == 900)
            let id = try #require(first.json["id"] as? String)
            #expect(await payments.asks.filter { $0.kind == "payout" }.map(\.request.transaction) == [id], "asked once, under the transaction's id")
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("a withdrawal left pending, settled by the admin route: held at once, paid once, settling again changes nothing", arguments: TestDatabaseKind.available)
    func pendingThenSettled(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.outcome(.pending)])
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            let pending = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(pending.status == 201 && pending.json["status"] as? String == "pending")
            let id = try #require(pending.json["id"] as? String)
            #expect(try await server.balance(of: guest) == 900, "the money is held while it is on its way")
            try await expectBooks(server, pendingWithdrawals: 100)
            let retried = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(retried.status == 201 && retried.json["id"] as? String == id && retried.json["status"] as? String == "pending")
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1, "a provider that said pending is not asked again")

            let admin = try await server.admin()
            let settled = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"settled"}"#)
            #expect(settled.status == 200 && settled.json["status"] as? String == "settled")
            let twice = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"settled"}"#)
            #expect(twice.status == 200 && twice.json["status"] as? String == "settled")
            let late = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"failed","reason":"too late"}"#)
            #expect(late.status == 200 && late.json["status"] as? String == "settled", "a settled withdrawal cannot be failed afterwards")
            let after = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(after.status == 201 && after.json["status"] as? String == "settled")
            #expect(try await server.balance(of: guest) == 900)
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            #expect(try await postings(of: id, on: server) == [-100, 100, -100, 100], "the hold, then the payout, each once")
            try await expectBooks(server, pendingWithdrawals: 0)
            // The admin's settlement is audited once; the repeats that changed nothing are not.
            let trail = try await server.call(.get, "/admin/audit?target_kind=ledger_transaction&target_id=\(id)", as: admin)
            let records = trail.json["records"] as? [[String: Any]] ?? []
            #expect(records.compactMap { $0["action"] as? String } == ["topdog.payment.settle"])
            #expect(records.first?["actor"] as? String == admin.user)
        }
    }

    @Test("a withdrawal left pending, then failed by the provider's webhook: the money comes back once", arguments: TestDatabaseKind.available)
    func pendingThenFailed(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.outcome(.pending)])
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            let pending = try await withdraw(server, 250, as: guest, key: "w-1")
            let id = try #require(pending.json["id"] as? String)
            #expect(pending.status == 201 && pending.json["status"] as? String == "pending")
            let admin = try await server.admin()
            let failed = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"failed","reason":"account closed"}"#)
            #expect(failed.status == 200 && failed.json["status"] as? String == "failed")
            #expect(failed.json["failure"] as? String == "account closed")
            let again = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"failed","reason":"account closed"}"#)
            #expect(again.status == 200 && again.json["status"] as? String == "failed")
            let retried = try await withdraw(server, 250, as: guest, key: "w-1")
            #expect(retried.status == 201 && retried.json["status"] as? String == "failed")
            #expect(try await server.balance(of: guest) == 1_000, "the held money is given back, once")
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            #expect(try await postings(of: id, on: server) == [-250, 250, -250, 250])
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("a declined withdrawal gives the money back at once; its retry answers the decline without asking again", arguments: TestDatabaseKind.available)
    func declined(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.outcome(.failed(reason: "declined by the bank"))])
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            let declined = try await withdraw(server, 300, as: guest, key: "w-1")
            #expect(declined.status == 201 && declined.json["status"] as? String == "failed")
            #expect(declined.json["failure"] as? String == "declined by the bank")
            #expect(try await server.balance(of: guest) == 1_000)
            let retried = try await withdraw(server, 300, as: guest, key: "w-1")
            #expect(retried.status == 201 && retried.json["id"] as? String == declined.json["id"] as? String)
            #expect(retried.json["status"] as? String == "failed")
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            #expect(try await server.balance(of: guest) == 1_000)
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("the sandbox's own declined amount (ending in .02) is given back", arguments: TestDatabaseKind.available)
    func sandboxDeclines(kind: TestDatabaseKind) async throws {
        try await withOnlinePlayServer(kind: kind) { server in
            let guest = try await funded(server, 1_000)
            let declined = try await withdraw(server, 102, as: guest, key: "w-1")
            #expect(declined.status == 201 && declined.json["status"] as? String == "failed")
            let settled = try await withdraw(server, 100, as: guest, key: "w-2")
            #expect(settled.status == 201 && settled.json["status"] as? String == "settled")
            #expect(try await server.balance(of: guest) == 900)
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("a provider that never answers: the withdrawal stays pending and held; the webhook settles it once, and no retry asks again", arguments: TestDatabaseKind.available)
    func silentProviderThenWebhook(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.silence])
        try await withWallet(kind, payments, timeout: .milliseconds(100)) { server in
            let guest = try await funded(server, 1_000)
            let unanswered = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(unanswered.status == 201 && unanswered.json["status"] as? String == "pending")
            let id = try #require(unanswered.json["id"] as? String)
            #expect(try await server.balance(of: guest) == 900)
            try await expectBooks(server, pendingWithdrawals: 100)
            let admin = try await server.admin()
            let settled = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"settled"}"#)
            #expect(settled.status == 200 && settled.json["status"] as? String == "settled")
            let retried = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(retried.status == 201 && retried.json["status"] as? String == "settled")
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            #expect(try await postings(of: id, on: server) == [-100, 100, -100, 100])
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("a provider that timed out is asked again by a later retry, under the same transaction id, and the payout is posted once", arguments: TestDatabaseKind.available)
    func silentProviderThenRetry(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.silence, .outcome(.settled)])
        try await withWallet(kind, payments, timeout: .milliseconds(100)) { server in
            let guest = try await funded(server, 1_000)
            let unanswered = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(unanswered.status == 201 && unanswered.json["status"] as? String == "pending")
            let id = try #require(unanswered.json["id"] as? String)
            let retried = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(retried.status == 201 && retried.json["id"] as? String == id && retried.json["status"] as? String == "settled")
            let third = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(third.status == 201 && third.json["status"] as? String == "settled")
            let payouts = await payments.asks.filter { $0.kind == "payout" }
            #expect(payouts.map(\.request.transaction) == [id, id], "asked twice in all, both times under the transaction's id")
            #expect(try await server.balance(of: guest) == 900)
            #expect(try await postings(of: id, on: server) == [-100, 100, -100, 100])
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("a retry while the provider is still deciding answers pending without asking it a second time", arguments: TestDatabaseKind.available)
    func retryDuringAsk(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(payouts: [.held])
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            // The test client sends one request at a time over one connection: the first
            // withdrawal goes over a connection of its own, so the retry is not queued behind it.
            async let first = withdrawOnOwnConnection(server, 100, as: guest, key: "w-1")
            #expect(await eventually { await payments.heldAsks == 1 }, "the provider is deciding")
            let during = try await withdraw(server, 100, as: guest, key: "w-1")
            #expect(during.status == 201 && during.json["status"] as? String == "pending")
            await payments.release(with: .settled)
            let answered = try await first
            #expect(answered.status == 201 && answered.json["status"] as? String == "settled")
            #expect(answered.json["id"] as? String == during.json["id"] as? String)
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            #expect(try await server.balance(of: guest) == 900)
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("deposits: pending, retried and settled once; declined credits nothing; a timed-out charge stays pending", arguments: TestDatabaseKind.available)
    func depositLife(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments(charges: [.outcome(.pending), .outcome(.failed(reason: "card declined")), .silence])
        try await withWallet(kind, payments, timeout: .milliseconds(100)) { server in
            let guest = try await server.guest()
            let pending = try await server.deposit(500, for: guest, key: "d-1")
            #expect(pending.status == 201 && pending.json["status"] as? String == "pending")
            let id = try #require(pending.json["id"] as? String)
            #expect(try await server.balance(of: guest) == 0, "nothing is credited before the money arrives")
            let retried = try await server.deposit(500, for: guest, key: "d-1")
            #expect(retried.status == 201 && retried.json["id"] as? String == id && retried.json["status"] as? String == "pending")
            #expect(await payments.asks.count(where: { $0.kind == "charge" }) == 1, "the card is not charged twice")
            let admin = try await server.admin()
            let settled = try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"settled"}"#)
            #expect(settled.status == 200 && settled.json["status"] as? String == "settled")
            #expect(try await server.call(.post, "/admin/topdog/payments/\(id)", as: admin, body: #"{"status":"settled"}"#).status == 200)
            #expect(try await server.balance(of: guest) == 500, "credited once")

            let declined = try await server.deposit(700, for: guest, key: "d-2")
            #expect(declined.status == 201 && declined.json["status"] as? String == "failed")
            #expect(try await server.deposit(700, for: guest, key: "d-2").json["status"] as? String == "failed")
            let silent = try await server.deposit(900, for: guest, key: "d-3")
            #expect(silent.status == 201 && silent.json["status"] as? String == "pending")
            #expect(try await server.balance(of: guest) == 500)
            #expect(await payments.asks.count(where: { $0.kind == "charge" }) == 3)
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    @Test("refused money requests write nothing: too large, not enough, a reused key, an unknown or foreign transaction, not an admin", arguments: TestDatabaseKind.available)
    func refusals(kind: TestDatabaseKind) async throws {
        let payments = ScriptedPayments()
        try await withWallet(kind, payments) { server in
            let guest = try await funded(server, 1_000)
            let short = try await withdraw(server, 1_001, as: guest, key: "w-1")
            #expect(short.status == 409 && code(short.json) == "insufficient_balance")
            #expect(try await withdraw(server, 0, as: guest, key: "w-2").status == 400)
            #expect(try await withdraw(server, Int(WalletService.maximumCents) + 1, as: guest, key: "w-3").status == 400)
            #expect(try await withdraw(server, 100, as: guest, key: "bad key!").status == 400)
            #expect(try await withdraw(server, 100, as: guest, key: "w-4").status == 201)
            let reused = try await withdraw(server, 200, as: guest, key: "w-4")
            #expect(reused.status == 409 && code(reused.json) == "idempotency_key_reused")
            let history = try await server.call(.get, "/topdog/wallet/transactions", as: guest)
            #expect((history.json["transactions"] as? [[String: Any]])?.count == 2, "the deposit and the one withdrawal that passed")
            let admin = try await server.admin()
            let unknown = try await server.call(.post, "/admin/topdog/payments/\(UUID().uuidString)", as: admin, body: #"{"status":"settled"}"#)
            #expect(unknown.status == 404)
            let notAdmin = try await server.call(.post, "/admin/topdog/payments/\(UUID().uuidString)", as: guest, body: #"{"status":"settled"}"#)
            #expect(notAdmin.status == 403)
            #expect(try await server.balance(of: guest) == 900)
            #expect(await payments.asks.count(where: { $0.kind == "payout" }) == 1)
            try await expectBooks(server, pendingWithdrawals: 0)
        }
    }

    // MARK: - Helpers

    private func withWallet(
        _ kind: TestDatabaseKind, _ payments: ScriptedPayments, timeout: Duration = .seconds(30),
        _ body: @escaping @Sendable (OnlinePlayServer) async throws -> Void
    ) async throws {
        try await withOnlinePlayServer(kind: kind, configure: { $0.payments = payments; $0.paymentTimeout = timeout }, body)
    }

    private func funded(_ server: OnlinePlayServer, _ cents: Int) async throws -> Guest {
        let guest = try await server.guest()
        let deposit = try await server.deposit(cents, for: guest)
        guard deposit.status == 201, deposit.json["status"] as? String == "settled" else { throw TestSetupError("deposit failed: \(deposit)") }
        return guest
    }

    private func withdraw(_ server: OnlinePlayServer, _ cents: Int, as guest: Guest, key: String) async throws -> (status: Int, json: [String: Any]) {
        try await server.call(.post, "/topdog/wallet/withdrawals", as: guest, body: #"{"amount_cents":\#(cents),"idempotency_key":"\#(key)"}"#)
    }

    private func withdrawOnOwnConnection(_ server: OnlinePlayServer, _ cents: Int, as guest: Guest, key: String) async throws -> (status: Int, json: [String: Any]) {
        let port = try #require(server.client.port)
        let request = TestClient.Request(
            "/topdog/wallet/withdrawals", method: .post, authority: "127.0.0.1:\(port)",
            headers: [.authorization: "Bearer \(guest.token)", .contentType: "application/json"],
            body: ByteBuffer(string: #"{"amount_cents":\#(cents),"idempotency_key":"\#(key)"}"#))
        let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in try await client.execute(request) }
        let json = response.body.flatMap { try? JSONSerialization.jsonObject(with: Data($0.readableBytesView)) as? [String: Any] }
        return (Int(response.status.code), json ?? [:])
    }

    private func code(_ json: [String: Any]) -> String? { (json["error"] as? [String: Any])?["code"] as? String }

    /// The amounts posted for `transaction`, in leg order.
    private func postings(of transaction: String, on server: OnlinePlayServer) async throws -> [Int64] {
        try await server.database.withConnection { sql in
            try await sql.select().column("amount_cents").from("ledger_postings").where("transaction_id", .equal, transaction).orderBy("leg").all()
                .map { try $0.decode(column: "amount_cents", as: Int64.self) }
        }
    }

    /// The books sum to zero, each balance is its postings' sum, no user is below zero, and the
    /// withdrawals on their way out hold exactly `pendingWithdrawals`.
    private func expectBooks(_ server: OnlinePlayServer, pendingWithdrawals: Int64, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let books = try await server.books()
        #expect(books.total == 0, "the books balance to the cent", sourceLocation: sourceLocation)
        #expect(books.consistent, "every balance is the sum of its postings", sourceLocation: sourceLocation)
        #expect(books.negativeUsers == 0, sourceLocation: sourceLocation)
        let held = try await server.database.withConnection { sql in
            try await LedgerStore.balance(of: LedgerAccount.pendingWithdrawals, on: sql)
        }
        #expect(held == pendingWithdrawals, sourceLocation: sourceLocation)
    }
}
