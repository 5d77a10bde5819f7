import ParlorAPI
import ParlorPlay

/// Staff's chat operations, which online play answers.
extension APIHandler {
    func adminListGameChat(_ input: Operations.AdminListGameChat.Input) async throws -> Operations.AdminListGameChat.Output {
        try await playAPI.adminListGameChat(input)
    }

    func adminDeleteChatLine(_ input: Operations.AdminDeleteChatLine.Input) async throws -> Operations.AdminDeleteChatLine.Output {
        try await playAPI.adminDeleteChatLine(input)
    }
}
