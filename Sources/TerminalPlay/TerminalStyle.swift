/// ANSI styling, or none (`NO_COLOR`, a pipe): a screen styles through this so it reads the
/// same without colour, where the cursor and highlights are also marked by characters.
public struct TerminalStyle: Sendable {
    public var colour: Bool

    public init(colour: Bool) { self.colour = colour }

    public static let plain = TerminalStyle(colour: false)

    /// One colour per seat, as the apps use them: red, blue, green, yellow, magenta, cyan, …
    static let seatCodes = ["31", "34", "32", "33", "35", "36", "91", "94"]

    public func seat(_ text: String, _ seat: Int) -> String {
        apply(Self.seatCodes[seat % Self.seatCodes.count] + ";1", text)
    }
    public func bold(_ text: String) -> String { apply("1", text) }
    public func dim(_ text: String) -> String { apply("2", text) }
    public func legal(_ text: String) -> String { apply("42;30", text) }
    public func cursor(_ text: String) -> String { apply("7", text) }
    public func warning(_ text: String) -> String { apply("33;1", text) }
    public func red(_ text: String) -> String { apply("31", text) }
    /// A 24-bit colour, so a seat's flows show in the same colour as in the SVG and the apps.
    public func rgb(_ text: String, red: UInt8, green: UInt8, blue: UInt8, bold: Bool = false) -> String {
        apply("38;2;\(red);\(green);\(blue)" + (bold ? ";1" : ""), text)
    }

    private func apply(_ code: String, _ text: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
