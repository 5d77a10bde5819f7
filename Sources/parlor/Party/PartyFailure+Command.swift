import PartyFeature

extension CommandFailure {
    /// A party's failure as the command reports it, in the command's words where a flag is the fix.
    init(_ failure: PartyFailure) {
        switch failure {
        case .cannotOpen: self.init(.cannotListen, failure.description)
        case .noLobbyHeard: self.init(.noInput, failure.description)
        case .badAddress(let address): self.init(.usage, "--address is HOST:PORT, got '\(address)'")
        case .noLobbyChosen: self.init(.usage, failure.description)
        case .passcodeNeeded(let lobby, let host?): self.init(.party, "lobby \(lobby) (\(host)'s) is private: join with --passcode PASSCODE")
        case .passcodeNeeded(let lobby, nil): self.init(.party, "lobby \(lobby) is private: join with --passcode PASSCODE")
        case .noPasscodeGiven, .sessionOver: self.init(.party, failure.description)
        }
    }
}
