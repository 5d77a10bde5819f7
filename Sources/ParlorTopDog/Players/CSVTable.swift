import Foundation

/// A CSV file (RFC 4180: quoted fields, doubled quotes, CRLF or LF) read as a header and rows,
/// each row's fields named by the header. Errors name the line.
package struct CSVTable: Sendable {
    package struct Row: Sendable {
        /// The file's line number where the row starts, from 1 (the header is line 1).
        package var line: Int
        package var fields: [String: String]
    }

    package var header: [String]
    package var rows: [Row]

    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "line \(line): \(message)" }
    }

    package init(parsing text: String) throws(Failure) {
        var records: [(line: Int, fields: [String])] = []
        var field = ""
        var fields: [String] = []
        var quoted = false
        var line = 1
        var recordLine = 1
        var afterQuote = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            if quoted {
                if character == "\"" {
                    quoted = false
                    afterQuote = true
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where afterQuote:
                field.append("\"")
                quoted = true
                afterQuote = false
            case "\"" where field.isEmpty:
                quoted = true
            case "\"":
                throw Failure(line: line, message: "a quote inside an unquoted field")
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                if fields != [""] { records.append((recordLine, fields)) }
                fields = []
                field = ""
                afterQuote = false
                line += 1
                recordLine = line
            default:
                if afterQuote { throw Failure(line: line, message: "text after a closing quote") }
                field.append(character)
            }
        }
        if quoted { throw Failure(line: recordLine, message: "a quoted field is never closed") }
        fields.append(field)
        if fields != [""] { records.append((recordLine, fields)) }
        guard let first = records.first else { throw Failure(line: 1, message: "the file is empty; it needs a header row") }
        header = first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if Set(header).count != header.count { throw Failure(line: 1, message: "the header names a column twice") }
        var rows: [Row] = []
        for record in records.dropFirst() {
            guard record.fields.count == header.count else {
                throw Failure(line: record.line, message: "\(record.fields.count) fields where the header has \(header.count)")
            }
            rows.append(Row(line: record.line, fields: Dictionary(uniqueKeysWithValues: zip(header, record.fields))))
        }
        self.rows = rows
    }
}
