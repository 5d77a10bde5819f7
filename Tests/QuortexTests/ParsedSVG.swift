#if canImport(FoundationXML)
    import Foundation
    import FoundationXML
#else
    import Foundation
#endif

// FoundationXML is used only by the tests, so the renderer itself stays Foundation-free.

/// The elements of a parsed SVG document, in document order, with attributes and direct text.
struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
        subscript(attribute: String) -> String? { attributes[attribute] }
    }

    var elements: [Element]
    var text: String
    var root: String? { elements.first?.name }

    /// Nil unless `svg` is well-formed XML.
    init?(_ svg: String) {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else { return nil }
        elements = collector.elements
        text = collector.elements.map(\.text).joined(separator: "\n")
    }

    func elements(classed name: String) -> [Element] {
        elements.filter { ($0["class"] ?? "").split(separator: " ").contains(Substring(name)) }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let index = open.last else { return }
            elements[index].text += string
        }
    }
}
