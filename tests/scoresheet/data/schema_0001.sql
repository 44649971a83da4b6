-- A remi sheet as schema 0001 wrote it (before the notes of 0002): made with
-- alembic upgrade 0001 and one evening's rows; the migration test loads it into a file.
BEGIN TRANSACTION;
CREATE TABLE action (
	id INTEGER NOT NULL, 
	game_id INTEGER NOT NULL, 
	seq INTEGER NOT NULL, 
	kind VARCHAR NOT NULL, 
	hand_seq INTEGER, 
	undoes INTEGER, 
	created_at VARCHAR NOT NULL, 
	closer VARCHAR, 
	nobody BOOLEAN NOT NULL, 
	atu VARCHAR, 
	board VARCHAR, 
	board_points INTEGER, 
	throw VARCHAR, 
	atu_close BOOLEAN NOT NULL, 
	twin VARCHAR, 
	racks VARCHAR, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_action_game_seq UNIQUE (game_id, seq), 
	FOREIGN KEY(game_id) REFERENCES game (id)
);
INSERT INTO "action" VALUES(1,1,1,'hand',NULL,NULL,'2026-03-01T19:20:00.000Z','Ana',0,'y2','r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2',NULL,NULL,0,NULL,'{"Bogdan": {"tiles": "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"}, "Cristi": {"points": 130}}');
INSERT INTO "action" VALUES(2,1,2,'fix',1,NULL,'2026-03-01T19:21:00.000Z','Ana',0,'y2','r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2',NULL,NULL,0,NULL,'{"Bogdan": {"tiles": "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"}, "Cristi": {"quick": "1J4H"}}');
INSERT INTO "action" VALUES(3,1,3,'hand',NULL,NULL,'2026-03-01T19:45:00.000Z',NULL,1,'b7',NULL,NULL,NULL,0,'Bogdan','{"Ana": {"quick": "8H"}, "Bogdan": {"quick": "3H"}, "Cristi": {"points": 70}}');
INSERT INTO "action" VALUES(4,1,4,'hand',NULL,NULL,'2026-03-01T20:05:00.000Z','Cristi',0,'r1',NULL,135,'*',0,'Cristi','{"Ana": {"points": 100}, "Bogdan": {"points": 90}}');
CREATE TABLE game (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	variant VARCHAR NOT NULL, 
	players VARCHAR NOT NULL, 
	teams VARCHAR, 
	target INTEGER, 
	rules VARCHAR NOT NULL, 
	created_at VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "game" VALUES(1,'spring 2026','closed','["Ana", "Bogdan", "Cristi"]',NULL,1000,'{"ace_close_doubles": false, "atu_doubles": true, "close_size": 15, "copies": 2, "direction": "left", "empty_stock": "reshuffle", "high_penalty": 10, "joker_board_value": 50, "joker_penalty": 50, "jokers": 2, "limit_single": 300, "limit_teams": 600, "long_run": true, "loser_points": 100, "low_penalty": 5, "max_multiplier": 4, "need_run_and_set": false, "nobody_closed": "pay", "positional_ace": false, "tie": "shared", "tournante_same_turn": false, "twin_bonus": 50, "variant": "closed"}','2026-03-01T19:00:00.000Z');
CREATE TABLE remi_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT remi_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "remi_version" VALUES('0001');
CREATE UNIQUE INDEX ix_game_name ON game (name);
CREATE INDEX ix_action_game_id ON action (game_id);
COMMIT;
