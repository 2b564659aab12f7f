package bot

// Evaluate is mcts's evaluation of a position, for the tests.
var Evaluate = evaluate
