import ArgumentParser

/// `parlor crazy-eights …`: Crazy Eights from the command line; records are JSON GameRecords.
struct CrazyEightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crazy-eights",
        abstract: "Crazy Eights self-play; records are JSON GameRecords.",
        subcommands: [CrazyEightsSelfPlayCommand.self]
    )
}
