# Throwaway exploration: which alpha level / kappa weighting reproduces MetaHOPE tables 3-4.
import openpyxl, itertools, numpy as np, json, sys
from sklearn.metrics import cohen_kappa_score
from scipy.stats import pearsonr
D='/work/shared/data/real/metahope/'
def load(f):
    ws=openpyxl.load_workbook(D+f).active
    rows=[]
    for r in ws.iter_rows(min_row=2, values_only=True):
        if r[0] is None: continue
        rows.append(r)
    return rows
A=load('VUAMC_pilot20__translation_aligned_annotator-A.xlsx')
B=load('VUAMC_pilot20__translation_aligned_annotated_annotator-B.xlsx')
assert [r[0] for r in A]==[r[0] for r in B], 'order'
print(len(A),len(B))
systems={'GoogleMT':5,'GPT-5.4':12,'Hunyuan-LLM-7B':19}  # 0-based index of IMP
cats=['IMP','RAM','MIS','STL','PRF']
def v(x): return 0 if x in (None,'') else float(x)
def vec(rows,s,c=None):
    i=systems[s]
    if c is None: return np.array([sum(v(r[i+k]) for k in range(5)) for r in rows])
    return np.array([v(r[i+cats.index(c)]) for r in rows])

def kalpha(a,b,level,values=None):
    # two coders, no missing values
    data=np.concatenate([a,b]); vals=sorted(set(data)) if values is None else values
    n=len(data)
    if len(set(data))<2: return float('nan')
    # coincidence matrix
    idx={x:i for i,x in enumerate(vals)}
    K=len(vals); o=np.zeros((K,K))
    for x,y in zip(a,b):
        o[idx[x],idx[y]]+=1; o[idx[y],idx[x]]+=1
    nc=o.sum(1)
    def d(c,k):
        vc,vk=vals[c],vals[k]
        if level=='nominal': return 0 if c==k else 1
        if level=='interval': return (vc-vk)**2
        if level=='ratio': return 0 if vc+vk==0 else ((vc-vk)/(vc+vk))**2
        if level=='ordinal':
            lo,hi=min(c,k),max(c,k)
            return (sum(nc[lo:hi+1]) - (nc[lo]+nc[hi])/2)**2
    Do=sum(o[c,k]*d(c,k) for c in range(K) for k in range(K))
    De=sum(nc[c]*nc[k]*d(c,k) for c in range(K) for k in range(K))/(n-1)
    return 1-Do/De if De>0 else float('nan')

def report(a,b):
    out={}
    for lv in ['nominal','ordinal','interval','ratio']:
        out['a_'+lv]=kalpha(a,b,lv)
    # ordinal over full scale values (unobserved categories don't matter for nominal/interval)
    out['a_ordinal_full']=kalpha(a,b,'ordinal',values=sorted(set([0,2,4,6,8,10])|set(a)|set(b)))
    for w in [None,'linear','quadratic']:
        try: out['k_obs_'+str(w)]=cohen_kappa_score(a,b,weights=w)
        except Exception as e: out['k_obs_'+str(w)]=float('nan')
        labels=sorted(set(range(0,int(max(max(a),max(b),10))+1,2))|set(a)|set(b))
        try: out['k_full_'+str(w)]=cohen_kappa_score(a,b,weights=w,labels=labels)
        except Exception: out['k_full_'+str(w)]=float('nan')
    try: out['r']=pearsonr(a,b)[0] if a.std()>0 and b.std()>0 else float('nan')
    except Exception: out['r']=float('nan')
    out['exact']=100*np.mean(a==b)
    out['totA']=a.sum(); out['totB']=b.sum()
    return out
res={}
for s in systems:
    a,b=vec(A,s),vec(B,s)
    res[(s,'SEGS')]=report(a,b)
    for c in cats:
        res[(s,c)]=report(vec(A,s,c),vec(B,s,c))
keys=list(next(iter(res.values())).keys())
print('sys cat '+' '.join(keys))
for (s,c),o in res.items():
    print(f"{s:15s}{c:5s} "+' '.join(f"{k}={o[k]:.3f}" for k in keys))
json.dump({f"{s}|{c}":{'A':vec(A,s,None if c=='SEGS' else c).tolist(),'B':vec(B,s,None if c=='SEGS' else c).tolist()} for (s,c) in res},open('/tmp/metahope_vectors.json','w'))
