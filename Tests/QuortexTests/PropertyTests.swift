import CPUBoundTrait
import Foundation
import GameCore
import QuortexOracle
import Testing

@testable import Quortex

/// Properties over thousands of seeded random games with 2 to 6 players.
@Suite(.cpuBound) struct PropertyTests {
    static let seeds = UInt64(0)..<3000

    static func players(for seed: UInt64) -> Int { 2 + Int(seed % 5) }

    @Test func gamesEndWithin37PlacementsAndOnlyLegalMovesAreAccepted() async throws {
        var winTypes: [WinType: Int] = [:]
        for seed in Self.seeds {
            var placements = 0
            let record = try randomGame(players: Self.players(for: seed), seed: seed) { state, action in
                if action != nil { placements += 1 }
            }
            #expect(placements <= 37, "seed \(seed)")
            let outcome = try #require(record.outcome, "seed \(seed) did not finish")
            #expect(!outcome.winners.isEmpty)
            winTypes[outcome.winType, default: 0] += 1
        }
        // Random play produces every kind of ending that placements can produce.
        #expect(winTypes[.flow, default: 0] > 0)
        #expect(winTypes[.constraint, default: 0] > 0)
        #expect(winTypes[.tie, default: 0] >= 0)
    }

    @Test func theAnalyzerAgreesWithABruteForceReadingOfTheRules() async throws {
        // The brute force is slow, so fewer games, but every state of each and all four tiles.
        for seed in UInt64(0)..<50 {
            _ = try randomGame(players: Self.players(for: seed), seed: seed) { state, _ in
                guard !state.isOver else { return }
                for tile in TileType.allCases {
                    var position = state.position
                    position.drawn = tile
                    #expect(position.legalPlacements == bruteForceLegalPlacements(position, tile: tile), "seed \(seed)")
                }
            }
        }
    }

    @Test func movesOutsideTheLegalSetAreRejected() async throws {
        for seed in UInt64(0)..<1000 {
            var random = GameRandom(seed: GameSeed(seed))
            _ = try randomGame(players: Self.players(for: seed), seed: seed) { state, _ in
                guard !state.isOver else { return }
                let legal = Set(state.position.legalPlacements)
                let cell = Topology.cells[random.nextInt(below: Topology.cellCount)]
                let placement = Placement(cell: cell, rotation: random.nextInt(below: 6))
                do {
                    _ = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
                    #expect(legal.contains(placement))
                } catch let error as GameError {
                    #expect(!legal.contains(placement))
                    #expect(error.code == .invalidAction)
                }
            }
        }
    }

    @Test func flowsNeverShrink() async throws {
        for seed in UInt64(0)..<2000 {
            var previous: [Int: Set<Flow.Step>] = [:]
            _ = try randomGame(players: Self.players(for: seed), seed: seed) { state, _ in
                var current: [Int: Set<Flow.Step>] = [:]
                for flow in state.flows { current[flow.seat, default: []].formUnion(flow.steps) }
                for (seat, steps) in previous {
                    #expect(steps.isSubset(of: current[seat] ?? []), "seed \(seed) seat \(seat)")
                }
                previous = current
            }
        }
    }

    @Test func replayReproducesEveryState() async throws {
        for seed in UInt64(0)..<1000 {
            var played: [QuortexState] = []
            let record = try randomGame(players: Self.players(for: seed), seed: seed) { state, _ in played.append(state) }
            var replayed: [QuortexState] = []
            try record.replay { replayed.append($0) }
            #expect(replayed == played, "seed \(seed)")
            // And through JSON, as a record travels.
            let decoded = try JSONDecoder().decode(GameRecord<Quortex>.self, from: JSONEncoder().encode(record))
            #expect(decoded == record)
            #expect(try decoded.replay() == played.last)
        }
    }

    @Test func aViewNeverRevealsTheBagOrder() async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for seed in UInt64(0)..<1000 {
            var random = GameRandom(seed: GameSeed(seed))
            _ = try randomGame(players: Self.players(for: seed), seed: seed) { state, _ in
                var reshuffled = state
                random.shuffle(&reshuffled.bag)
                reshuffled.random = random.split()
                for viewer in [Viewer.spectator, .player(seat: state.currentSeat)] {
                    let view = try encoder.encode(Quortex.view(of: state, for: viewer))
                    #expect(try encoder.encode(Quortex.view(of: reshuffled, for: viewer)) == view, "seed \(seed)")
                }
            }
        }
    }

    @Test func gamesWithResignationsStillEndProperly() async throws {
        for seed in UInt64(0)..<2000 {
            let players = Self.players(for: seed)
            var state = try Quortex.initialState(players: GamePlayer.seats(players), settings: QuortexSettings(), seed: GameSeed(seed))
            var random = GameRandom(seed: GameSeed(seed))
            var steps = 0
            while !state.isOver {
                steps += 1
                #expect(steps <= 37 + players, "seed \(seed)")
                if random.nextInt(below: 8) == 0 {
                    let seat = random.nextInt(below: players)
                    let mayResign = Quortex.legalActions(in: state, for: seat)?.contains(.resign) ?? false
                    do {
                        state = try Quortex.reduce(state, .resign, by: seat)
                        #expect(mayResign)
                    } catch {
                        #expect(!mayResign)
                    }
                    continue
                }
                let choice = random.element(of: state.position.legalPlacements)
                let placement = try #require(choice)
                state = try Quortex.reduce(state, .place(placement), by: state.currentSeat)
            }
            let outcome = try #require(state.outcome)
            #expect(!outcome.winners.isEmpty)
            let resignedSeats = state.position.resignedCamps.flatMap { state.position.seating.camps[$0].seats }
            #expect(Set(outcome.winners).isDisjoint(with: resignedSeats), "seed \(seed)")
        }
    }
}
