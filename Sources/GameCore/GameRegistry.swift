/// The games this build can play, by id. A lobby or server looks a game up here before accepting
/// it; an unknown id is refused with `unsupportedGameVersion`.
public struct GameRegistry: Sendable {
    private var modules: [GameType: any GameModule.Type] = [:]
    private var order: [GameType] = []

    public init() {}

    public init(_ modules: [any GameModule.Type]) {
        for module in modules { register(module) }
    }

    /// Registers a module; registering the same id again replaces it.
    public mutating func register(_ module: any GameModule.Type) {
        if modules.updateValue(module, forKey: module.gameType) == nil {
            order.append(module.gameType)
        }
    }

    public func module(for id: GameType) throws(GameError) -> any GameModule.Type {
        guard let module = modules[id] else {
            throw .unsupportedGameVersion("this build does not have the game \"\(id)\"")
        }
        return module
    }

    /// Refuses an unknown game, or a known game of another engine version.
    public func check(_ id: GameType, engineVersion: Int) throws(GameError) {
        let module = try module(for: id)
        guard module.engineVersion == engineVersion else {
            throw .versionMismatch(
                "\(id) engine \(engineVersion) was requested; this build plays engine \(module.engineVersion)")
        }
    }

    /// Each game's engine version: what a client announces when it joins a host, so the host can
    /// refuse a client that lacks its game or plays another version of it.
    public var engineVersions: [GameType: Int] {
        modules.mapValues { $0.engineVersion }
    }

    /// The registered games, in registration order.
    public var registered: [any GameModule.Type] {
        order.compactMap { modules[$0] }
    }

    /// The catalogue, in registration order.
    public var catalogue: [GameCatalogEntry] {
        order.compactMap { modules[$0]?.catalogEntry }
    }
}
