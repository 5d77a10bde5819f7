import ParlorDatabase
import Testing

@Suite struct DatabaseLocationTests {
    @Test func parsesPostgresURL() throws {
        let location = try DatabaseLocation(url: "postgres://alice:s%40cret@db.example:6543/games?sslmode=require")
        guard case .postgres(let target) = location else {
            Issue.record("expected postgres, got \(location)")
            return
        }
        #expect(target.host == "db.example")
        #expect(target.port == 6543)
        #expect(target.username == "alice")
        #expect(target.password == "s@cret")
        #expect(target.database == "games")
        #expect(target.tlsMode == .require)
    }

    @Test func postgresqlSchemeAndDefaultPort() throws {
        guard case .postgres(let target) = try DatabaseLocation(url: "postgresql://bob@localhost/parlor") else {
            Issue.record("expected postgres")
            return
        }
        #expect(target.port == 5432)
        #expect(target.password == nil)
        #expect(target.tlsMode == .prefer)
    }

    @Test func parsesSQLitePaths() throws {
        #expect(try DatabaseLocation(url: "sqlite:///var/lib/parlor/db.sqlite") == .sqlite(path: "/var/lib/parlor/db.sqlite"))
        #expect(try DatabaseLocation(url: "sqlite:data/parlor.sqlite") == .sqlite(path: "data/parlor.sqlite"))
    }

    @Test func embeddedLocationIsAnAbsolutePathInsideTheDataDirectory() {
        guard case .sqlite(let path) = DatabaseLocation.embedded(inDataDirectory: ".parlor") else {
            Issue.record("expected sqlite")
            return
        }
        #expect(path.hasPrefix("/"))
        #expect(path.hasSuffix("/.parlor/parlor.sqlite"))
    }

    @Test(arguments: [
        ("mysql://root@localhost/db", "unsupported scheme"),
        ("not a url", "expected postgres://"),
        ("postgres://user@/db", "missing host"),
        ("postgres://localhost:5432/db", "missing user"),
        ("postgres://user@localhost:5432", "missing database"),
        ("postgres://user@localhost/db?sslmode=sometimes", "sslmode"),
        ("sqlite:", "expected sqlite:"),
        ("sqlite://host/path", "expected sqlite:"),
    ])
    func rejectsBadURLs(url: String, reason: String) {
        #expect {
            try DatabaseLocation(url: url)
        } throws: { error in
            guard case .invalidURL(_, let message)? = error as? DatabaseError else { return false }
            return message.contains(reason)
        }
    }

    @Test func neverPrintsPasswords() throws {
        let location = try DatabaseLocation(url: "postgres://alice:hunter2@db:5432/games")
        #expect(!location.description.contains("hunter2"))
        let error = DatabaseError.invalidURL("postgres://alice:hunter2@db:5432", reason: "missing database name")
        #expect(!error.description.contains("hunter2"))
        #expect(error.description.contains("alice:***@db"))
    }
}
