"""GTP `dragon_data` of an engine against GNU Go 3.8's on the 60 public positions
(`expected/layers/dragons.jsonl.gz`), field by field, per half (even and odd position
index), with confusion tables for the status fields. Usage:

    python3 engine/examples/dragon_data_diff.py "target/release/tesuji gtp --patterns DIR"

`TESUJI_SHARED` (default `../shared`) locates the data. Weaknesses count as equal within
0.1, strategic sizes within 5%; `...>0.4` compares the side of `weak`'s threshold. Dragons are matched by GNU Go's
origin (a dragon split or joined differently counts against every field)."""
import collections
import gzip
import json
import os
import subprocess
import sys

SH = os.path.abspath(os.environ.get("TESUJI_SHARED", "../shared"))
eng=sys.argv[1].split()
rows=[json.loads(l) for l in gzip.open(SH+'/expected/layers/dragons.jsonl.gz')]
p=subprocess.Popen(eng,stdin=subprocess.PIPE,stdout=subprocess.PIPE,text=True)
def cmd(c):
    p.stdin.write(c+'\n'); p.stdin.flush()
    out=[]
    while True:
        l=p.stdout.readline()
        if l=='\n' and out: break
        out.append(l.rstrip('\n'))
    t='\n'.join(out)
    return t[2:] if t.startswith('= ') else t
def parse(raw):
    res={}; cur=None
    for l in raw.split('\n'):
        if l.endswith(':') and ' ' not in l: cur={}; res[l[:-1]]=cur; continue
        k=l[:23].strip(); v=l[24:]
        cur[k]=v.strip()
    return res
fields=['size','effective_size','strategic_size','genus','heye','escape_route','lunch','moyo_size','crude_status','owl_status','status','safety','weakness','weakness_pre_owl','neighbors','hostile_neighbors','owl_attack_code','owl_defense_code','owl_attack_point','owl_defense_point','strings']
tal=collections.defaultdict(lambda:[[0,0],[0,0]])
conf=collections.defaultdict(collections.Counter)
for idx,r in enumerate(rows):
    cmd('loadsgf %s %d' % (os.path.join(os.path.dirname(SH), r['sgf']), r['move_number']))
    ours=parse(cmd('dragon_data'))
    for d in r['dragons']:
        want=parse(d['dragon_data']['raw'])[d['origin']]
        got=ours.get(d['origin'])
        for f in fields:
            w=want.get(f,''); g=got.get(f,'') if got else None
            if f in ('weakness','weakness_pre_owl') and g is not None:
                ok=abs(float(w)-float(g))<=0.1
                conf[f+'>0.4'][(float(w)>0.40001, float(g)>0.40001)]+=1
                tal[f+'>0.4'][idx%2][0]+= (float(w)>0.40001)==(float(g)>0.40001); tal[f+'>0.4'][idx%2][1]+=1
            elif f=='effective_size' and g is not None:
                ok=abs(float(w)-float(g))<=0.01
            elif f=='strategic_size' and g is not None:
                ok=abs(float(w)-float(g))<=max(0.05,0.05*float(w))
            else: ok=(w==g)
            tal[f][idx%2][0]+=ok; tal[f][idx%2][1]+=1
            if f in ('crude_status','safety','owl_status','lunch') and g is not None:
                conf[f][(w if f!='lunch' else w!='PASS',g if f!='lunch' else (g!='PASS', g==w))]+=1
            if f=='escape_route':
                near=g is not None and abs(int(w)-int(g))<=2
                tal['escape_route+-2'][idx%2][0]+=near; tal['escape_route+-2'][idx%2][1]+=1
                # GNU Go prints the route after its surround test (halved when weakly
                # surrounded, 0 when surrounded); where it found no surround the printed
                # route is the one its crude status and pre-owl weakness read.
                if want.get('surround_status')=='0':
                    tal['escape_route sur0'][idx%2][0]+=ok; tal['escape_route sur0'][idx%2][1]+=1
                    tal['escape_route sur0+-2'][idx%2][0]+=near; tal['escape_route sur0+-2'][idx%2][1]+=1
                if g is not None:
                    conf[f][(min(int(w),12)//3, min(int(g),12)//3)]+=1
for f,t in tal.items():
    a=t[0][0]+t[1][0]; n=t[0][1]+t[1][1]
    print('%-20s %4d/%4d %5.1f%%  even %5.1f%% odd %5.1f%%'%(f,a,n,100*a/n,100*t[0][0]/max(1,t[0][1]),100*t[1][0]/max(1,t[1][1])))
for f,c in conf.items(): print(f, sorted(c.items()))
