import Foundation

/// `multipart/form-data` (RFC 7578) as a browser sends a form with a file: the parts' names,
/// their text, and the file parts' bytes.
enum Multipart {
    static func parse(_ body: [UInt8], boundary: String) throws(ConsoleProblem) -> ConsoleForm {
        let delimiter = Array("--\(boundary)".utf8)
        var form = ConsoleForm()
        var sections = split(body, by: delimiter)
        guard sections.count >= 2 else { throw ConsoleProblem("The uploaded form is malformed (no parts).") }
        sections.removeFirst()  // the preamble
        for section in sections {
            if section.starts(with: Array("--".utf8)) { break }  // the closing delimiter
            var part = ArraySlice(section)
            if part.starts(with: [13, 10]) { part = part.dropFirst(2) }
            guard let headerEnd = firstRange(of: [13, 10, 13, 10], in: part) else {
                throw ConsoleProblem("The uploaded form is malformed (a part without headers).")
            }
            let headerText = String(decoding: part[part.startIndex..<headerEnd], as: UTF8.self)
            let content = part[(headerEnd + 4)...]
            var name: String?
            var filename: String?
            var contentType: String?
            for line in headerText.split(separator: "\r\n") {
                let lower = line.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = parameter("name", in: String(line))
                    filename = parameter("filename", in: String(line))
                } else if lower.hasPrefix("content-type:") {
                    contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name else { throw ConsoleProblem("The uploaded form is malformed (a part without a name).") }
            if let filename {
                form.files[name] = ConsoleUpload(filename: filename, contentType: contentType, bytes: Array(content))
            } else {
                form.fields[name, default: []].append(String(decoding: content, as: UTF8.self))
            }
        }
        return form
    }

    private static func parameter(_ wanted: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == wanted else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func split(_ bytes: [UInt8], by delimiter: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + delimiter.count <= bytes.count {
            if bytes[index] == delimiter[0], Array(bytes[index..<(index + delimiter.count)]) == delimiter {
                var end = index
                if end >= start + 2, bytes[end - 2] == 13, bytes[end - 1] == 10 { end -= 2 }
                pieces.append(Array(bytes[start..<end]))
                index += delimiter.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(Array(bytes[start...]))
        return pieces
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
