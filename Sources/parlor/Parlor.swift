import ArgumentParser

/// `parlor`: runs the Parlor server and its maintenance tasks.
@main
struct Parlor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parlor",
        abstract: "The Parlor game platform server.",
        subcommands: [Serve.self, Migrate.self, AdminCommand.self, KeysCommand.self, QuortexCommand.self, CrazyEightsCommand.self, TopDogCommand.self, PushCommand.self, BotsCommand.self, PlayCommand.self, PartyCommand.self, Bench.self, Version.self]
    )
}
