/// The engines of a registry's games, by id: what an authority that plays any registered game
/// (the server) is handed at startup.
public struct GameEngines: Sendable {
    private let engines: [GameType: any GameEngine]
    public let order: [GameType]

    public init(_ registry: GameRegistry) {
        let engines = registry.registered.map { $0.engine }
        self.engines = Dictionary(engines.map { ($0.gameType, $0) }, uniquingKeysWith: { first, _ in first })
        self.order = engines.map(\.gameType)
    }

    public func engine(_ id: String) -> (any GameEngine)? { engines[GameType(rawValue: id)] }

    public var all: [any GameEngine] { order.compactMap { engines[$0] } }
}
