/// A rectangle of characters, each with its ink, written in any order and read as lines: the
/// terminal's drawing surface for pictures (the Quortex board), where text is placed by
/// position rather than written line by line.
struct TextCanvas {
    /// How a character is shown; the style turns it into escape sequences, or none.
    enum Ink: Equatable {
        case plain, dim, bold, legal, cursor, warning
        /// A 24-bit colour (a seat's, from the same palette as the SVG), bold or not.
        case colour(red: UInt8, green: UInt8, blue: UInt8, bold: Bool)
    }

    let width: Int
    let height: Int
    private var characters: [[Character]]
    private var inks: [[Ink]]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        characters = Array(repeating: Array(repeating: " ", count: width), count: height)
        inks = Array(repeating: Array(repeating: .plain, count: width), count: height)
    }

    /// Puts one character; outside the canvas it is dropped (a label near the edge).
    mutating func put(_ character: Character, line: Int, column: Int, ink: Ink = .plain) {
        guard (0..<height).contains(line), (0..<width).contains(column) else { return }
        characters[line][column] = character
        inks[line][column] = ink
    }

    /// Writes `text` from `column` on.
    mutating func write(_ text: String, line: Int, column: Int, ink: Ink = .plain) {
        for (offset, character) in text.enumerated() { put(character, line: line, column: column + offset, ink: ink) }
    }

    func character(line: Int, column: Int) -> Character? {
        guard (0..<height).contains(line), (0..<width).contains(column) else { return nil }
        return characters[line][column]
    }

    /// The lines, trailing blanks trimmed, each run of one ink styled once.
    func lines(style: TerminalStyle) -> [String] {
        (0..<height).map { line in
            let row = characters[line]
            let end = (row.lastIndex { $0 != " " } ?? -1) + 1
            var text = ""
            var column = 0
            while column < end {
                let ink = inks[line][column]
                var run = ""
                while column < end, inks[line][column] == ink {
                    run.append(row[column])
                    column += 1
                }
                text += style.ink(run, ink)
            }
            return text
        }
    }
}

extension TerminalStyle {
    func ink(_ text: String, _ ink: TextCanvas.Ink) -> String {
        switch ink {
        case .plain: text
        case .dim: dim(text)
        case .bold: bold(text)
        case .legal: legal(text)
        case .cursor: cursor(text)
        case .warning: warning(text)
        case .colour(let red, let green, let blue, let bold): rgb(text, red: red, green: green, blue: blue, bold: bold)
        }
    }
}
