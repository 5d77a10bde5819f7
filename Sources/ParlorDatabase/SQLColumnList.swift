import SQLKit

/// A fixed list of columns as one SQL fragment, quoted once when it is made.
///
/// SQLKit quotes each identifier of a query every time the query is serialized, through a
/// generic `String.replacing` that costs a microsecond or two per name, and the game and seat
/// rows read on every game event name 31 columns. The names are this program's own constants,
/// without quotes in them.
package struct SQLColumnList: SQLExpression {
    package let names: [String]
    package let table: String?
    /// The list as PostgreSQL and SQLite quote it (both with `"`).
    private let quoted: String

    package init(_ names: [String], table: String? = nil) {
        precondition(!names.isEmpty && (names + [table ?? ""]).allSatisfy { !$0.contains("\"") }, "column names are constants without quotes")
        self.names = names
        self.table = table
        let prefix = table.map { "\"\($0)\"." } ?? ""
        quoted = names.map { "\(prefix)\"\($0)\"" }.joined(separator: ", ")
    }

    package func serialize(to serializer: inout SQLSerializer) {
        if (serializer.dialect.identifierQuote as? SQLRaw)?.sql == "\"" {
            serializer.write(quoted)
        } else {
            SQLList(names.map { SQLColumn($0, table: table) }).serialize(to: &serializer)
        }
    }
}
