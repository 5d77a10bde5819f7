import Foundation
import PackagePlugin

/// Compiles the target's `openapi.yaml` into a Swift string, so that the binary serves the exact
/// contract it was generated from, with no resource bundle to lose.
@main
struct EmbedOpenAPIDocument: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let document = target.sourceModule?.sourceFiles.first(where: { $0.url.lastPathComponent == "openapi.yaml" }) else {
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedOpenAPIDocument.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(document.url.lastPathComponent)",
                executable: try context.tool(named: "parlor-embed").url,
                arguments: [document.url.path, output.path],
                inputFiles: [document.url],
                outputFiles: [output]
            )
        ]
    }
}
