import Foundation

/// The bytes of one message as RFC 5322 and MIME want them: headers (a non-ASCII subject as
/// RFC 2047 encoded words), then the UTF-8 text quoted-printable, every line ending in CRLF.
struct MIMEMessage: Sendable {
    var from: String
    var to: String
    var subject: String
    var body: String
    var date: Date
    var messageID: String

    /// The message's text, before the dot-stuffing of `DATA`.
    var rendered: String {
        var headers = [
            "Date: \(Self.dateText(date))",
            "Message-ID: <\(messageID)>",
            "From: \(Self.headerValue(from))",
            "To: \(Self.headerValue(to))",
            "Subject: \(Self.encodedWords(Self.headerValue(subject)))",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: quoted-printable",
        ]
        headers.append("")
        return headers.joined(separator: "\r\n") + "\r\n" + Self.quotedPrintable(body)
    }

    /// The message as `DATA` sends it: a line starting with "." gets another, and the final
    /// ".", alone on its line, ends it.
    var dataSection: String {
        var lines = rendered.components(separatedBy: "\r\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n.\r\n"
    }

    /// A header value on one line: line breaks (which would start a header of the sender's
    /// choosing) become spaces.
    static func headerValue(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `text` as it is, when ASCII; else RFC 2047 `=?UTF-8?B?…?=` words of at most 75
    /// characters, never splitting a character's bytes, folded onto continuation lines.
    static func encodedWords(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) else { return text }
        // 75 - "=?UTF-8?B?".count - "?=".count = 63 base64 characters: 45 bytes of text.
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append(Data(chunk).base64EncodedString())
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(Data(chunk).base64EncodedString()) }
        return words.map { "=?UTF-8?B?\($0)?=" }.joined(separator: "\r\n ")
    }

    /// RFC 2045 quoted-printable of the UTF-8 text, lines at most 76 characters (soft breaks
    /// `=`), any line break in the text sent as CRLF.
    static func quotedPrintable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.components(separatedBy: "\n").map(quotedPrintableLine).joined(separator: "\r\n") + "\r\n"
    }

    private static func quotedPrintableLine(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var out = ""
        var width = 0
        for (index, byte) in bytes.enumerated() {
            let last = index == bytes.count - 1
            let literal = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 0x20 || byte == 0x09) && !last)
            let piece = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
            // Leave room for the soft break's "=".
            if width + piece.count > 75 {
                out += "=\r\n"
                width = 0
            }
            out += piece
            width += piece.count
        }
        return out
    }

    /// RFC 5322's date: `Sun, 29 Nov 2026 19:46:48 +0000`.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
