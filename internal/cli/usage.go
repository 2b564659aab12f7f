package cli

// The help of ordo play, rules, verify and bench: 'ordo help NAME' and
// 'ordo NAME --help' print these texts.

// playUsage is the help of ordo play.
const playUsage = `usage: ordo play FILE [--json] [--viewer SEAT|spectator] [--menu] [--random N [--seed S] [--bot SEAT=BOT]...]
       ordo play --mission MISSION --blue LIST --red LIST [SCRIPT] [the same flags]

Loads a scenario (a YAML file; its format is docs/SCENARIOS.md), applies its
script of actions with their forced dice and expectations, or plays N seeded
random games instead, and prints the adjudicated log one line per event as the
chosen viewer sees it. Exits 1 naming the first expectation that fails, 2 on a
bad file or flag. With --mission it plays a mission (docs/MISSIONS.md) between two
army lists (docs/ARMIES.md) from the Initiative Roll, deployment included; SCRIPT
holds only seed and script.

Flags (in any order, before or after FILE):
  --mission MISSION  play this mission between the --blue and --red army lists
  --blue, --red LIST each seat's army list (with --mission)
  --json             print JSON Lines (one object per applied action) instead of text
  --viewer SEAT      print the log as that seat sees it; "spectator" for a spectator;
                     default: everything (the admin view)
  --menu             after the script, print what the prompted seat may do now, as
                     that seat sees it: each legal action as a step to paste into
                     the script, then each greyed one with the rule that forbids it
  --random N         ignore the script and play N random games, each choosing among
                     the legal actions at every step
  --seed S           the seed of the first random game (default 1; game i uses S+i-1)
  --bot SEAT=BOT     in the random games, a bot plays that seat (random, greedy, mcts;
                     docs/BOTS.md): it sees only what the seat may see; repeatable

Examples:
  ordo play data/scenarios/duel.yaml
  ordo play data/scenarios/seed/loss-of-lieutenant.yaml --viewer red
  ordo play data/scenarios/demo.yaml --random 3 --seed 7
  ordo play data/scenarios/demo.yaml --random 1 --bot red=greedy --viewer red
  ordo play --mission data/missions/uplink.yaml --blue data/armies/blue-company.yaml \
    --red data/armies/red-company.yaml data/missions/scripts/uplink.yaml
  ordo play --json data/scenarios/duel.yaml
  ordo play data/scenarios/duel.yaml --menu --viewer blue
`

// rulesUsage is the help of ordo rules.
const rulesUsage = `usage: ordo rules [--rulings | --programs | --devices]

Without flags, lists the rulesets this binary plays and the profiles and
weapons of the Infinity catalog it ships (illustrative profiles only).

Flags:
  --rulings    list the named rulings (where sources disagree or are silent):
               each one's default, its readings and why; a scenario picks
               a reading under "rulings:" (docs/RULES.md explains each)
  --programs   print each hacking program of the catalog as a card: group,
               category, Attack and Opponent MODs, Damage, Burst in each
               turn, targets, skill type, duration, range, ammunition,
               effect, labels, and the devices that carry it
  --devices    print the hacking devices with the program groups and
               programs each carries, and the Repeaters, with the profiles
               that carry each

Examples:
  ordo rules
  ordo rules --rulings
  ordo rules --programs
  ordo rules --devices
`

// verifyUsage is the help of ordo verify.
const verifyUsage = `usage: ordo verify FILE
       ordo verify --server URL MATCH

Checks a finished match, from an exported match file (GET
/api/matches/{id}/export saves one) or fetched from a server: the seed the
server published at the end matches the commitment it gave when the match was
created, every die of the log is the one the seed's generator gives for its
entry, and the log replays from the scenario to the end of the game. Exits 0
when all holds, 1 naming the first thing that does not, 2 on bad input.

Flags:
  --server URL   the server to fetch MATCH from (http://127.0.0.1:8080)

Examples:
  ordo verify --server http://127.0.0.1:8080 9azjEh1UgzymSXMv
  curl -s localhost:8080/api/matches/9azjEh1UgzymSXMv/export > match.json
  ordo verify match.json
`

// benchUsage is the help of ordo bench.
const benchUsage = `usage: ordo bench serve [--matches N] [--duration D] [--scenario NAME] [--seed N]
                        [--full-menu] [--rate N] [--clock D] [--chat-every N]
                        [--url URL | --db FILE | --postgres URL]

Measures what a game server sustains: N matches played at once over the HTTP
API, each by a client that reads its seat's legal menu entries (?menu=legal)
and sends one of them at random, a new match started whenever one ends. It prints the
acknowledged actions per second and the latency of an action request (50th,
90th, 99th percentile and the longest).

Without --url it starts a server in this process on a loopback port, over a
fresh SQLite file (a temporary one unless --db names it) or PostgreSQL
(--postgres), and also prints the process's CPU time per action (server and
clients together). With --url it drives a server already running, such as
'ordo serve' in another terminal; the matches it creates stay in that
server's store.

Flags:
  --matches N       matches played at once (default 100)
  --duration D      how long to run (default 10s)
  --scenario NAME   the bundled scenario to play (default demo)
  --seed N          seeds the clients' choices (default 1)
  --full-menu       the clients ask for the whole menu, greyed entries
                    included, as the web table does
  --rate N          pace the clients to N actions per second over all
                    matches, as players at tables would (default 0: each
                    client sends its next action as soon as the last is
                    answered, which measures the server saturated)
  --clock D         create each match with a clock of D per seat ("45m")
  --chat-every N    each client also sends a chat message as its seat after
                    every N of its actions
  --url URL         a running server ("http://127.0.0.1:8080"; its bounds on
                    creating matches and chatting per address apply)
  --db FILE         the in-process server's SQLite file (default: a new
                    temporary file, removed afterwards)
  --postgres URL    the in-process server keeps matches in PostgreSQL

Example:
  ordo bench serve --matches 100 --duration 20s
  ordo bench serve --matches 100 --rate 2000
  ordo serve --db /tmp/load.db & ordo bench serve --url http://127.0.0.1:8080
`
