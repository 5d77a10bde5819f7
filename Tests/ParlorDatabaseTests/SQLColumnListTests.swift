import ParlorDatabase
import ParlorTestSupport
import SQLKit
import Testing

/// A column list quoted once serializes exactly as SQLKit's own columns would, and reads rows.
@Suite struct SQLColumnListTests {
    @Test(arguments: TestDatabaseKind.available)
    func aQuotedListIsTheBuildersColumnsAndReadsTheRow(kind: TestDatabaseKind) async throws {
        try await kind.withDatabase { database in
            try await database.withConnection { sql in
                let names = ["id", "display name", "seq"]
                let built = sql.serialize(sql.select().columns(names.map { SQLColumn($0, table: "t") }).from("t").query).sql
                let listed = sql.serialize(sql.select().column(SQLColumnList(names, table: "t")).from("t").query).sql
                #expect(listed == built)
                #expect(listed.contains(#""t"."display name""#))
                let bare = sql.serialize(sql.select().column(SQLColumnList(names)).from("t").query).sql
                #expect(bare == sql.serialize(sql.select().columns(names).from("t").query).sql)

                try await sql.create(table: "t").column("id", type: .bigint).column("display name", type: .text).column("seq", type: .bigint).run()
                try await sql.insert(into: "t").columns(names).values(SQLBind(7), SQLBind("Ann"), SQLBind(3)).run()
                let row = try #require(try await sql.select().column(SQLColumnList(names, table: "t")).from("t").first())
                #expect(try row.decode(column: "display name", as: String.self) == "Ann")
                #expect(try row.decode(column: "seq", as: Int.self) == 3)
            }
        }
    }
}
